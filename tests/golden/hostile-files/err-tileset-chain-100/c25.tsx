<?xml version="1.0"?>
<tileset name="c25"><tileset/><tileset firstgid="9" source="c26.tsx"/></tileset>
