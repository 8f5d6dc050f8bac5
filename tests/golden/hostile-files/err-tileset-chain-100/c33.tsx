<?xml version="1.0"?>
<tileset name="c33"><tileset/><tileset firstgid="9" source="c34.tsx"/></tileset>
