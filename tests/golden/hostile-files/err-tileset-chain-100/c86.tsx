<?xml version="1.0"?>
<tileset name="c86"><tileset/><tileset firstgid="9" source="c87.tsx"/></tileset>
