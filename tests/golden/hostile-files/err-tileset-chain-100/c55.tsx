<?xml version="1.0"?>
<tileset name="c55"><tileset/><tileset firstgid="9" source="c56.tsx"/></tileset>
