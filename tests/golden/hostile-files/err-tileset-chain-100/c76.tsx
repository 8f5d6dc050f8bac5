<?xml version="1.0"?>
<tileset name="c76"><tileset/><tileset firstgid="9" source="c77.tsx"/></tileset>
