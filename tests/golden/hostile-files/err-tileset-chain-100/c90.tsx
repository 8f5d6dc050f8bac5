<?xml version="1.0"?>
<tileset name="c90"><tileset/><tileset firstgid="9" source="c91.tsx"/></tileset>
