<?xml version="1.0"?>
<tileset name="c27"><tileset/><tileset firstgid="9" source="c28.tsx"/></tileset>
