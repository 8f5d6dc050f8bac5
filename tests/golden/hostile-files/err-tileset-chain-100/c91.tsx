<?xml version="1.0"?>
<tileset name="c91"><tileset/><tileset firstgid="9" source="c92.tsx"/></tileset>
