<?xml version="1.0"?>
<tileset name="c99"><tileset/><tileset firstgid="9" source="c100.tsx"/></tileset>
