<?xml version="1.0"?>
<tileset name="c7"><tileset/><tileset firstgid="9" source="c8.tsx"/></tileset>
