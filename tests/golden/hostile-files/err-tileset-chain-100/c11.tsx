<?xml version="1.0"?>
<tileset name="c11"><tileset/><tileset firstgid="9" source="c12.tsx"/></tileset>
