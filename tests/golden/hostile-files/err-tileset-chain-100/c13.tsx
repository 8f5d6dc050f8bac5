<?xml version="1.0"?>
<tileset name="c13"><tileset/><tileset firstgid="9" source="c14.tsx"/></tileset>
