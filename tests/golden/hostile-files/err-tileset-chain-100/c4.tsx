<?xml version="1.0"?>
<tileset name="c4"><tileset/><tileset firstgid="9" source="c5.tsx"/></tileset>
