<?xml version="1.0"?>
<tileset name="c61"><tileset/><tileset firstgid="9" source="c62.tsx"/></tileset>
