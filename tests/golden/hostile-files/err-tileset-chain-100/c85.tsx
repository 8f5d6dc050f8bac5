<?xml version="1.0"?>
<tileset name="c85"><tileset/><tileset firstgid="9" source="c86.tsx"/></tileset>
