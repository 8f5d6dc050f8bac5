<?xml version="1.0"?>
<tileset name="c38"><tileset/><tileset firstgid="9" source="c39.tsx"/></tileset>
