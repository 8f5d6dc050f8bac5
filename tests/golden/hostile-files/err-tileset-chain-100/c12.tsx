<?xml version="1.0"?>
<tileset name="c12"><tileset/><tileset firstgid="9" source="c13.tsx"/></tileset>
