<?xml version="1.0"?>
<tileset name="b"><tileset/><tileset firstgid="9" source="a.tsx"/></tileset>
