<?xml version="1.0"?>
<tileset name="c20"><tileset/><tileset firstgid="9" source="c21.tsx"/></tileset>
