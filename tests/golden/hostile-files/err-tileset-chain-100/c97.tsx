<?xml version="1.0"?>
<tileset name="c97"><tileset/><tileset firstgid="9" source="c98.tsx"/></tileset>
