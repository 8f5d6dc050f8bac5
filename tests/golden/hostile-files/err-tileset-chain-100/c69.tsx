<?xml version="1.0"?>
<tileset name="c69"><tileset/><tileset firstgid="9" source="c70.tsx"/></tileset>
