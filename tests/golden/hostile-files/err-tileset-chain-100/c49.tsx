<?xml version="1.0"?>
<tileset name="c49"><tileset/><tileset firstgid="9" source="c50.tsx"/></tileset>
