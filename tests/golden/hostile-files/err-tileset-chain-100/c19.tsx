<?xml version="1.0"?>
<tileset name="c19"><tileset/><tileset firstgid="9" source="c20.tsx"/></tileset>
