<?xml version="1.0"?>
<tileset name="c50"><tileset/><tileset firstgid="9" source="c51.tsx"/></tileset>
