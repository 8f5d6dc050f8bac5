<?xml version="1.0"?>
<tileset name="c9"><tileset/><tileset firstgid="9" source="c10.tsx"/></tileset>
