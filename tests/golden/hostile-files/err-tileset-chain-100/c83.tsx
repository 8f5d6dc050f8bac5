<?xml version="1.0"?>
<tileset name="c83"><tileset/><tileset firstgid="9" source="c84.tsx"/></tileset>
