<?xml version="1.0"?>
<tileset name="c3"><tileset/><tileset firstgid="9" source="c4.tsx"/></tileset>
