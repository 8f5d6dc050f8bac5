<?xml version="1.0"?>
<tileset name="c44"><tileset/><tileset firstgid="9" source="c45.tsx"/></tileset>
