<?xml version="1.0"?>
<tileset name="c37"><tileset/><tileset firstgid="9" source="c38.tsx"/></tileset>
