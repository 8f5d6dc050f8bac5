<?xml version="1.0"?>
<tileset name="c56"><tileset/><tileset firstgid="9" source="c57.tsx"/></tileset>
