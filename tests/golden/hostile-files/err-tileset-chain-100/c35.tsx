<?xml version="1.0"?>
<tileset name="c35"><tileset/><tileset firstgid="9" source="c36.tsx"/></tileset>
