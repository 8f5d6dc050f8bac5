<?xml version="1.0"?>
<tileset name="c17"><tileset/><tileset firstgid="9" source="c18.tsx"/></tileset>
