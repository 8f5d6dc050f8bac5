<?xml version="1.0"?>
<tileset name="a"><tileset/><tileset firstgid="9" source="b.tsx"/></tileset>
