<?xml version="1.0"?>
<tileset name="c48"><tileset/><tileset firstgid="9" source="c49.tsx"/></tileset>
