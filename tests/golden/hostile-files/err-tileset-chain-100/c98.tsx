<?xml version="1.0"?>
<tileset name="c98"><tileset/><tileset firstgid="9" source="c99.tsx"/></tileset>
