<?xml version="1.0"?>
<tileset name="c51"><tileset/><tileset firstgid="9" source="c52.tsx"/></tileset>
