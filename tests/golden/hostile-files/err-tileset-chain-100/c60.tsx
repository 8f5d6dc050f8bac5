<?xml version="1.0"?>
<tileset name="c60"><tileset/><tileset firstgid="9" source="c61.tsx"/></tileset>
