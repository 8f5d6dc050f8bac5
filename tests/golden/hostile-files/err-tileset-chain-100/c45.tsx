<?xml version="1.0"?>
<tileset name="c45"><tileset/><tileset firstgid="9" source="c46.tsx"/></tileset>
