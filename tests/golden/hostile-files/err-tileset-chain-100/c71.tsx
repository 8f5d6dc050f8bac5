<?xml version="1.0"?>
<tileset name="c71"><tileset/><tileset firstgid="9" source="c72.tsx"/></tileset>
