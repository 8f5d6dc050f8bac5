<?xml version="1.0"?>
<tileset name="c18"><tileset/><tileset firstgid="9" source="c19.tsx"/></tileset>
