<?xml version="1.0"?>
<tileset name="c89"><tileset/><tileset firstgid="9" source="c90.tsx"/></tileset>
