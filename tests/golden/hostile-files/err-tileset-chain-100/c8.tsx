<?xml version="1.0"?>
<tileset name="c8"><tileset/><tileset firstgid="9" source="c9.tsx"/></tileset>
