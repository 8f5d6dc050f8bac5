<?xml version="1.0"?>
<tileset name="c10"><tileset/><tileset firstgid="9" source="c11.tsx"/></tileset>
