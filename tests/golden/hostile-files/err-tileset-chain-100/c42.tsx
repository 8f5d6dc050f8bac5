<?xml version="1.0"?>
<tileset name="c42"><tileset/><tileset firstgid="9" source="c43.tsx"/></tileset>
