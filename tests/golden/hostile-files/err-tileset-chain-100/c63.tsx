<?xml version="1.0"?>
<tileset name="c63"><tileset/><tileset firstgid="9" source="c64.tsx"/></tileset>
