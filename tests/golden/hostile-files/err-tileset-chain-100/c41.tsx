<?xml version="1.0"?>
<tileset name="c41"><tileset/><tileset firstgid="9" source="c42.tsx"/></tileset>
