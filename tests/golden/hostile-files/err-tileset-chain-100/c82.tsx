<?xml version="1.0"?>
<tileset name="c82"><tileset/><tileset firstgid="9" source="c83.tsx"/></tileset>
