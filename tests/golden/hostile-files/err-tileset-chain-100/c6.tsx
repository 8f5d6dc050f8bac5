<?xml version="1.0"?>
<tileset name="c6"><tileset/><tileset firstgid="9" source="c7.tsx"/></tileset>
