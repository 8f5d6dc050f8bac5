<?xml version="1.0"?>
<tileset name="c59"><tileset/><tileset firstgid="9" source="c60.tsx"/></tileset>
