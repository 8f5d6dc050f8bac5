<?xml version="1.0"?>
<tileset name="c73"><tileset/><tileset firstgid="9" source="c74.tsx"/></tileset>
