<?xml version="1.0"?>
<tileset name="c1"><tileset/><tileset firstgid="9" source="c2.tsx"/></tileset>
