<?xml version="1.0"?>
<tileset name="c81"><tileset/><tileset firstgid="9" source="c82.tsx"/></tileset>
