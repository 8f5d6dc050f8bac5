<?xml version="1.0"?>
<tileset name="c75"><tileset/><tileset firstgid="9" source="c76.tsx"/></tileset>
