<?xml version="1.0"?>
<tileset name="c94"><tileset/><tileset firstgid="9" source="c95.tsx"/></tileset>
