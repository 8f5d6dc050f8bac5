<?xml version="1.0"?>
<tileset name="c23"><tileset/><tileset firstgid="9" source="c24.tsx"/></tileset>
