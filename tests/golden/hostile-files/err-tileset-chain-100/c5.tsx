<?xml version="1.0"?>
<tileset name="c5"><tileset/><tileset firstgid="9" source="c6.tsx"/></tileset>
