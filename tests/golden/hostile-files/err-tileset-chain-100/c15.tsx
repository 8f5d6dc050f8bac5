<?xml version="1.0"?>
<tileset name="c15"><tileset/><tileset firstgid="9" source="c16.tsx"/></tileset>
