<?xml version="1.0"?>
<tileset name="c70"><tileset/><tileset firstgid="9" source="c71.tsx"/></tileset>
